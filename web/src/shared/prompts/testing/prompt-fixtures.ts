import type { Prompt, PromptGroup } from '@contract/prompts';

export const promptFixture = (overrides: Partial<Prompt> = {}): Prompt => ({
  _id: 'p1',
  groupId: 'g1',
  author: 'u1',
  prompt: 'Summarise {{topic}} in {{style:short|long}} form.',
  type: 'text',
  labels: [],
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

export const promptGroupFixture = (overrides: Partial<PromptGroup> = {}): PromptGroup => ({
  _id: 'g1',
  name: 'Summariser',
  category: 'write',
  oneliner: 'Sums things up',
  command: 'sum',
  author: 'u1',
  authorName: 'Ada Lovelace',
  productionId: 'p1',
  numberOfGenerations: 0,
  projectIds: [],
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  productionPrompt: { prompt: 'Summarise {{topic}} in {{style:short|long}} form.' },
  ...overrides,
});

export const categoriesFixture = [
  { label: 'com_ui_idea', value: 'idea' },
  { label: 'com_ui_write', value: 'write' },
];
