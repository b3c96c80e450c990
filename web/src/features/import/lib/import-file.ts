/** Only .json exports are accepted (the server refuses anything else too). */
export const IMPORT_ACCEPT = '.json,application/json';

export const isJsonFile = (file: File): boolean => /\.json$/i.test(file.name);
