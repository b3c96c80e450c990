import type { ChangelogEntry, MarkdownPageSlug } from '../../contract/public-pages';

/**
 * What a fresh install shows before its operator writes their own pages: honest placeholders
 * that say what belongs on each page and how to replace it, with nothing that claims to know
 * this particular service's policies.
 */

const REPLACE_NOTE = (file: string) =>
  `> This is the text a fresh install ships with. The people running this service replace it by
> writing \`pages/${file}\` beside \`librechat.yaml\` and running \`npm run pages:push\`.`;

export const DEFAULT_MARKDOWN: Record<MarkdownPageSlug, string> = {
  about: `# About

This is an AI chat service: sign in, pick a model and talk to it. Conversations are kept in your
account so you can come back to them, search them and share them with a link.

${REPLACE_NOTE('about.md')}
`,
  'support-us': `# Support us

Running language models costs money. If this service is useful to you, the people who run it may
welcome your help: telling others about it, reporting problems, or contributing to its costs.

${REPLACE_NOTE('support-us.md')}
`,
  help: `# Help & FAQ

## How do I start a conversation?

Sign in, then choose **New chat**. Pick an endpoint and a model at the top of the screen and type
your message.

## Can I share a conversation?

Yes, when sharing is enabled: open the conversation's menu in the sidebar and create a link.
Anyone with the link can read the conversation; you can delete the link at any time.

## How do I delete my data?

Conversations can be deleted one by one or all at once in **Settings → Data**. Your whole account
can be deleted in **Settings → Account**.

${REPLACE_NOTE('help.md')}
`,
  privacy: `# Privacy policy

This page should tell visitors which personal data the service stores (for example your account
details and your conversations), why, for how long, who processes it (such as the providers of
the language models your messages are sent to), and how to ask for it to be deleted.

The operator of this service has not published their own policy yet.

${REPLACE_NOTE('privacy.md')}
`,
  'terms-of-service': `# Terms of service

This page should set out the rules for using the service: who may use it, what is not allowed,
that answers written by a language model can be wrong, and how accounts may be closed.

The operator of this service has not published their own terms yet.

${REPLACE_NOTE('terms-of-service.md')}
`,
  feedback: `# Feedback

Found a problem, or have an idea? The people running this service would like to hear from you.
Tell them what you tried, what you expected and what happened instead.

${REPLACE_NOTE('feedback.md')}
`,
};

export const DEFAULT_CHANGELOG: ChangelogEntry[] = [
  {
    date: '2026-01-01',
    items: [
      { type: 'Note', description: 'The changelog is empty until the operator writes pages/changelog.yaml.' },
      {
        type: 'Feature',
        description:
          'Each entry has a date, an optional version and typed items: Feature, Improvement, Note, Fix, Update or Rebranding.',
      },
    ],
  },
];
