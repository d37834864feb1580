// The staff credits: who made Quire, and the open-source work it stands on.
import type { ContributorSection } from '../../../shared/staff-types';

export const CONTRIBUTORS: ContributorSection[] = [
  {
    sectionName: 'Quire',
    memberGroups: [{ members: [{ position: 'Founding engineers', name: 'The Quire team' }] }],
  },
  {
    sectionName: 'Modelled on',
    memberGroups: [{ members: [{ position: 'The wiki Quire speaks the language of', name: 'GROWI' }] }],
  },
  {
    sectionName: 'Built with',
    memberGroups: [
      {
        members: [
          { position: 'Server', name: 'Fastify' },
          { position: 'Storage', name: 'SQLite & better-sqlite3' },
          { position: 'Queries', name: 'Drizzle ORM' },
          { position: 'Full-text search', name: 'FlexSearch' },
          { position: 'Co-editing', name: 'Yjs' },
          { position: 'Editor', name: 'CodeMirror' },
          { position: 'Interface', name: 'React' },
          { position: 'Markdown', name: 'unified, remark & rehype' },
          { position: 'Desktop', name: 'Electron' },
          { position: 'Languages', name: 'i18next' },
        ],
      },
    ],
  },
];
