import { z } from 'zod';

/** At most this many files per delete request (the file manager's select-all stays far below). */
export const DELETE_FILES_MAX = 1000;

const optionalId = z.string().max(200).optional();

/**
 * One file to delete, as LibreChat's client sends it. Only `file_id` decides what is deleted
 * (the server finds the bytes from its own row); the rest is accepted for compatibility and
 * never trusted: a client-supplied path or source could point anywhere.
 */
const fileToDeleteSchema = z.object({
  file_id: z.string({ error: 'file_id is required' }).trim().min(1, 'file_id is required').max(200),
  filepath: z.string().max(2048).optional(),
  source: z.string().max(64).optional(),
  embedded: z.boolean().optional(),
  agent_id: optionalId,
  assistant_id: optionalId,
  tool_resource: optionalId,
});

/** `DELETE /api/files` body: `{ files: [...] }`, with the agent or assistant the files came from. */
export const deleteFilesBodySchema = z.object({
  files: z
    .array(fileToDeleteSchema, { error: 'files must be a list of files to delete' })
    .max(DELETE_FILES_MAX, `At most ${DELETE_FILES_MAX} files can be deleted at once`),
  agent_id: optionalId,
  assistant_id: optionalId,
  tool_resource: optionalId,
});

export type DeleteFilesBody = z.infer<typeof deleteFilesBodySchema>;

/**
 * `DELETE /api/files` answers. 200 when at least one of the files was the caller's (those are
 * gone); 404 when none was. Ids that are not the caller's files, whether they exist for
 * someone else or not at all, are listed in `notFound` and never touched.
 */
export interface DeleteFilesResponse {
  message: string;
  code?: string;
  notFound?: string[];
}
