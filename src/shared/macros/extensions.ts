// Quire's own Markdown extensions as interceptors of the render hook `markdown:remarkPlugins`:
// each adds its remark plugin to the list, in `order`. Going through the pipeline means a broken
// extension is skipped and logged instead of taking page rendering down with it.
import type { Options as MarkdownOptions } from 'react-markdown';
import { InterceptorPipeline } from '../interceptors';
import { remarkCallouts } from './remark-callouts';
import { remarkCodeBlocks } from './remark-code-blocks';
import { remarkMacros } from './remark-macros';

export type RemarkPluginList = NonNullable<MarkdownOptions['remarkPlugins']>;

export interface RenderHooks {
  'markdown:remarkPlugins': RemarkPluginList;
}

export const renderHooks = new InterceptorPipeline<RenderHooks>();

const addPlugin = (name: string, order: number, plugin: RemarkPluginList[number]) =>
  renderHooks.add({
    name,
    order,
    hooks: ['markdown:remarkPlugins'],
    process: (_hook, plugins) => [...plugins, plugin],
  });

// Code fences first (a csv fence is a table before anything looks for text in it), then the
// containers, then the inline macros inside them.
addPlugin('code-blocks', 10, remarkCodeBlocks);
addPlugin('callouts', 20, remarkCallouts);
addPlugin('macros', 30, remarkMacros);
