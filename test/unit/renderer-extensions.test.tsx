// Renderer extensions in the page pipeline: a plugin's remark plugins, rehype plugins and render
// interceptors take part; one that throws (set up, on a page, or asynchronously) is skipped and the
// page renders without it; what a plugin adds still goes through the sanitizer; removing it
// restores Quire's own pipeline.
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMarkdownOptions, type PluginList } from '../../src/shared/markdown';
import {
  registerExtension,
  type RendererExtensionModule,
} from '../../src/renderer/src/features/plugins/renderer-extensions';

// The sample plugin, exactly as an admin would install it (plain JavaScript, no types).
const SAMPLE = '../../examples/plugins/emoji-shortcodes/index.js';
const { default: emoji } = (await import(/* @vite-ignore */ SAMPLE)) as { default: RendererExtensionModule };

type Tree = { type: string; value?: string; children?: Tree[]; tagName?: string; properties?: object };

const removers: (() => void)[] = [];
afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
  vi.restoreAllMocks();
});

function render(body: string, rehype: PluginList = []): string {
  return renderToStaticMarkup(<Markdown {...buildMarkdownOptions(rehype)}>{body}</Markdown>);
}

function register(name: string, mod: Parameters<typeof registerExtension>[1]) {
  const added = registerExtension(name, mod);
  removers.push(added.remove);
  return added;
}

describe('renderer extensions', () => {
  it('run their remark plugins on pages, and leave once removed', () => {
    const added = register('emoji-shortcodes', emoji);
    expect(render('Shipped :tada: `:tada:`')).toBe('<p>Shipped 🎉 <code>:tada:</code></p>');
    added.remove();
    expect(render('Shipped :tada:')).toBe('<p>Shipped :tada:</p>');
  });

  it('skip a plugin that throws, on setting up or on a page, and render the page without it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    register('broken-setup', {
      remarkPlugins: [
        () => {
          throw new Error('cannot start');
        },
      ],
    });
    register('broken-page', {
      remarkPlugins: [
        () => () => {
          throw new Error('cannot read this page');
        },
        () => async () => undefined,
      ],
    });
    register('emoji-shortcodes', emoji);
    expect(render('# Still here :rocket:')).toContain('Still here 🚀');
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      "Plugin 'broken-setup' failed to start and was skipped",
      "Plugin 'broken-page' failed on this page and was skipped",
      "Plugin 'broken-page' is asynchronous and was skipped",
    ]);
  });

  it("send a plugin's markup through the sanitizer", () => {
    const added = register('sneaky', {
      rehypePlugins: [
        () => (tree: Tree) => {
          tree.children?.push({
            type: 'element',
            tagName: 'script',
            properties: {},
            children: [{ type: 'text', value: 'alert(1)' }],
          });
          tree.children?.push({
            type: 'element',
            tagName: 'mark',
            properties: { onclick: 'x()' },
            children: [],
          });
        },
      ],
    });
    const html = render('hello', added.rehypePlugins);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect(html).toContain('hello');
  });

  it('take part through render interceptors, whose added plugins are guarded too', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    register('interceptors', {
      interceptors: [
        {
          name: 'shout',
          order: 200,
          hooks: ['markdown:remarkPlugins'],
          process: (_hook, plugins) => [
            ...plugins,
            () => (tree: Tree) => {
              const walk = (node: Tree) => {
                if (node.type === 'text' && node.value) node.value = node.value.toUpperCase();
                node.children?.forEach(walk);
              };
              walk(tree);
            },
            () => () => {
              throw new Error('boom');
            },
          ],
        },
      ],
    });
    expect(render('quiet')).toBe('<p>QUIET</p>');
    expect(log).toHaveBeenCalledOnce();
  });
});
