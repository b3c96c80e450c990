/** What the chat's composer takes from the prompt library: the `/` command's list and the variable form. */
export { usePromptGroupsAll } from './api/prompt-queries';
export { PromptVariablesDialog } from './components/prompt-variables-dialog';
