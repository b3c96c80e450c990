import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /d/files: the user's files. Not built yet: shows its name only (built by a later issue, in place). */
export function FilesRoute() {
  return <PlaceholderPage titleKey="com_nav_my_files" />;
}
