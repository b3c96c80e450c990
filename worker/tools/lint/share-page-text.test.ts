import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '../../contract/share';
import { SHARE_PAGE_TEXT } from '../../services/share/page-chrome';
import { REPO_ROOT } from '../lib/paths';

// The worker renders the share page first and the SPA redraws it: both must say the same words,
// or the page visibly changes as the app takes over.
describe('the share page says the same in the worker and in the SPA', () => {
  it('matches the English share.json', async () => {
    const file = path.join(REPO_ROOT, 'web/src/locales/en-US/share.json');
    const spa = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    expect({
      notFound: SHARE_MESSAGES.notFound,
      notFoundDetail: SHARE_PAGE_TEXT.notFoundDetail,
      startChatting: SHARE_PAGE_TEXT.startChatting,
    }).toEqual({
      notFound: spa.com_ui_shared_link_not_found,
      notFoundDetail: spa.com_ui_shared_link_not_found_detail,
      startChatting: spa.com_ui_share_start_chatting,
    });
  });
});
