/** Every endpoint's per-file limit in the end-to-end librechat.yaml (megabytes), small enough to exceed in a test. */
export const E2E_FILE_SIZE_LIMIT_MB = 2;
