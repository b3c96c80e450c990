import { describe, expect, it, vi } from 'vitest';
import { preloadRouteModules } from './route-modules';

// Each factory runs when its module is first imported: that is what a preload does.
const imported = vi.hoisted(() => [] as string[]);
vi.mock('./layouts/protected-layout', () => {
  imported.push('protected-layout');
  return { ProtectedLayout: () => null };
});
vi.mock('@/app/routes/chat', () => {
  imported.push('chat');
  return { ChatRoute: () => null };
});

describe('preloadRouteModules', () => {
  it('loads nothing for pages other than a conversation', async () => {
    for (const pathname of ['/', '/login', '/search', '/d/files', '/share/abc']) preloadRouteModules(pathname);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imported).toEqual([]);
  });

  it('starts loading the protected layout and the chat route for a conversation, new or saved', async () => {
    preloadRouteModules('/c/0b8e7c1e-8f6a-4a8e-9b1e-2b7a1c3d4e5f');
    await vi.waitFor(() => expect([...imported].sort()).toEqual(['chat', 'protected-layout']));
  });
});
