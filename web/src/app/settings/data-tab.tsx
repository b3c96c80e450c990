import { ImportConversationsRow } from '@/features/import/components/import-conversations-row';
import { DeleteAllChatsRow } from '@/features/settings/components/data-tab-delete-all-row';
import { RevokeKeysRow } from '@/features/settings/components/data-tab-revoke-keys-row';
import { ClearSpeechCacheRow } from '@/features/settings/components/data-tab-speech-cache-row';
import { SharedLinksSettingRow } from '@/features/share/components/shared-links-setting-row';
import '@/shared/i18n/data-i18n';

/** Settings → Data controls: import, shared links, and the actions that clear the user's data. */
export function DataTab() {
  return (
    <div className="divide-y divide-border-light">
      <ImportConversationsRow />
      <SharedLinksSettingRow />
      <RevokeKeysRow />
      <ClearSpeechCacheRow />
      <DeleteAllChatsRow />
    </div>
  );
}

/** The tab's icon: a stack of discs (stored data). */
export function DatabaseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v6c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6" />
    </svg>
  );
}
