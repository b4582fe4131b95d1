/** `verify --env-file F` hands the file to the vitest config and global setup through this variable. */
export const ENV_FILE_VARIABLE = 'UPGRADE_GUARD_ENV_FILE';
