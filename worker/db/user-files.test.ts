import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { queryPlan } from './test-helpers';
import { shareFileQuery, userFilesQuery } from './user-files';

/*
 * Rows read are what D1 bills: the file statements must walk index ranges of the caller's or
 * the share's own rows, never a table and never a sort pass.
 */
describe('file statements use their indexes', () => {
  it("lists a user's files from one range of the owner index", async () => {
    const query = userFilesQuery('someone');
    const plan = (await queryPlan(env.DB, query.sql, query.params)).join('\n');
    expect(plan).toMatch(/SEARCH files USING INDEX files_user_created_idx \(userId=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN files/);
  });

  it("checks a share's file through the link, its conversation and its snapshot's messages by id", async () => {
    const query = shareFileQuery('share', 'owner', 'file');
    const plan = (await queryPlan(env.DB, query.sql, query.params)).join('\n');
    expect(plan).toMatch(/SEARCH s USING INDEX sqlite_autoindex_shared_links_1 \(shareId=\?\)/);
    expect(plan).toMatch(/SEARCH m USING INDEX messages_id_unique \(messageId=\?\)/);
    expect(plan).not.toMatch(/SCAN (s|c|m|messages|shared_links|conversations)\b|messages_user_idx|TEMP B-TREE/);
  });
});
