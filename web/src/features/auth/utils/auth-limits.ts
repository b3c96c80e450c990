/** The forgot-password form's lower bound on the email (spec §5). */
export const FORGOT_EMAIL_MIN = 3;
