import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SlidersIcon, UserIcon } from '@/features/account/components/icons';
import { useTranslation } from '@/lib/i18n/react';
import { AccountTab } from './account-tab';
import { BetaTab, FlaskIcon } from './beta-tab';
import { ChatBubbleIcon, ChatTab } from './chat-tab';
import { CommandIcon, CommandsTab } from './commands-tab';
import { DatabaseIcon, DataTab } from './data-tab';
import { GeneralTab } from './general-tab';
import { SettingsTabs } from './settings-tabs';
import { MicrophoneIcon, SpeechTab } from './speech-tab';

type SettingsTabId = 'general' | 'account' | 'chat' | 'speech' | 'beta' | 'commands' | 'data';

type SettingsDialogProps = { open: boolean; onClose: () => void; initialTab?: SettingsTabId };

/** The settings modal: General (theme, language, archived chats), Account, Chat, Speech, Beta, Commands and Data controls. */
export function SettingsDialog({ open, onClose, initialTab = 'general' }: SettingsDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTabId>(initialTab);
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t('com_nav_settings')}>
      <SettingsTabs
        label={t('com_nav_settings')}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'general', label: t('com_nav_setting_general'), icon: <SlidersIcon />, panel: <GeneralTab /> },
          { id: 'account', label: t('com_nav_setting_account'), icon: <UserIcon />, panel: <AccountTab /> },
          { id: 'chat', label: t('com_nav_setting_chat'), icon: <ChatBubbleIcon />, panel: <ChatTab /> },
          { id: 'speech', label: t('com_nav_setting_speech'), icon: <MicrophoneIcon />, panel: <SpeechTab /> },
          { id: 'beta', label: t('com_nav_setting_beta'), icon: <FlaskIcon />, panel: <BetaTab onClose={onClose} /> },
          { id: 'commands', label: t('com_nav_setting_commands'), icon: <CommandIcon />, panel: <CommandsTab /> },
          { id: 'data', label: t('com_nav_setting_data'), icon: <DatabaseIcon />, panel: <DataTab /> },
        ]}
      />
    </Dialog>
  );
}
