/** The forgot-password form's lower bound on the email. */
export const FORGOT_EMAIL_MIN = 3;
