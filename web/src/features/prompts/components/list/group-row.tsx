import { NavLink } from 'react-router-dom';
import type { PromptGroup } from '@contract/prompts';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';

type GroupRowProps = {
  group: PromptGroup;
  /** Whether the user may rename and delete it (its author, or an admin): only then the menu shows. */
  editable: boolean;
  onRename: (group: PromptGroup) => void;
  onDelete: (group: PromptGroup) => void;
};

function MoreGlyph() {
  return (
    <Icon className="size-4 shrink-0" fill="currentColor" stroke="none">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </Icon>
  );
}

/** One prompt of the list: a link to its page, and for those who may change it, a rename/delete menu. */
export function GroupRow({ group, editable, onRename, onDelete }: GroupRowProps) {
  const { t } = useTranslation();
  return (
    <li className="group/row relative my-0.5 flex items-center gap-1">
      <NavLink
        to={paths.dashboard.prompt.getHref(group._id)}
        className={({ isActive }) =>
          `block min-w-0 flex-1 rounded-lg py-2 pe-2 ps-3 focus-visible:outline-2 focus-visible:outline-ring-primary ${
            isActive ? 'bg-surface-tertiary' : 'hover:bg-surface-secondary'
          }`
        }
      >
        <span className="block truncate text-sm font-medium text-text-primary">{group.name}</span>
        <span className="block truncate text-xs text-text-secondary">
          {group.oneliner || group.productionPrompt?.prompt || ''}
        </span>
      </NavLink>
      {editable && (
        <DropdownMenu
          trigger={<MoreGlyph />}
          triggerLabel={t('com_ui_prompt_actions', { 0: group.name })}
          triggerClassName="flex size-8 items-center justify-center rounded-md text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
          items={[
            { id: 'rename', label: t('com_ui_prompt_rename'), onSelect: () => onRename(group) },
            { id: 'delete', label: t('com_ui_prompt_delete'), onSelect: () => onDelete(group) },
          ]}
        />
      )}
    </li>
  );
}
