// Drives a real Mastra Agent in-process for the conformance lab: a workspace on the working
// directory with `skills: ['skills']` (the documented form; LAB_SKILLS, a JSON list, names other
// skills paths), and a model object of our own that
// records every prompt and tool list it is given (one JSON line each, in the lab's request-log
// format, to LAB_LOG) and answers with the tool calls of LAB_SCRIPT in order, then with text.
//
//   node mastra_driver.mjs <node_modules folder holding @mastra/core>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const modules = process.argv[2];
const load = (sub) => import(pathToFileURL(path.join(modules, '@mastra/core/dist', sub)).href);
const resolveExport = async (name) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(modules, '@mastra/core/package.json'), 'utf8'));
  const entry = pkg.exports[name];
  const file = typeof entry === 'string' ? entry : (entry.import?.default ?? entry.import ?? entry.default);
  return import(pathToFileURL(path.join(modules, '@mastra/core', file)).href);
};

const { Agent } = await resolveExport('./agent');
const { Workspace, LocalFilesystem } = await resolveExport('./workspace');

const log = fs.openSync(process.env.LAB_LOG, 'w');
const script = JSON.parse(process.env.LAB_SCRIPT || '[]');
let answered = 0;

function record(kind, opts) {
  const entry = {
    method: 'CALL',
    path: kind,
    headers: {},
    body: { prompt: opts.prompt, tools: (opts.tools || []).map((t) => ({ name: t.name, description: t.description })) },
  };
  fs.writeSync(log, JSON.stringify(entry) + '\n');
}

const usage = { inputTokens: 10, outputTokens: 1, totalTokens: 11 };

function answer(opts) {
  const offered = new Set((opts.tools || []).map((t) => t.name));
  const call = answered < script.length && offered.has(script[answered].tool) ? script[answered++] : null;
  if (call) {
    return {
      content: [{ type: 'tool-call', toolCallId: `call_${answered}`, toolName: call.tool, input: JSON.stringify(call.input) }],
      finishReason: 'tool-calls',
    };
  }
  return { content: [{ type: 'text', text: 'ok' }], finishReason: 'stop' };
}

const model = {
  specificationVersion: 'v2',
  provider: 'mock',
  modelId: 'mock-model',
  supportedUrls: {},
  async doGenerate(opts) {
    record('doGenerate', opts);
    const { content, finishReason } = answer(opts);
    return { content, finishReason, usage, warnings: [] };
  },
  async doStream(opts) {
    record('doStream', opts);
    const { content, finishReason } = answer(opts);
    const parts = [{ type: 'stream-start', warnings: [] }];
    for (const c of content) {
      if (c.type === 'text') {
        parts.push({ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: c.text }, { type: 'text-end', id: 't1' });
      } else {
        parts.push(c);
      }
    }
    parts.push({ type: 'finish', finishReason, usage });
    return {
      stream: new ReadableStream({
        start(controller) {
          for (const p of parts) controller.enqueue(p);
          controller.close();
        },
      }),
    };
  },
};

const workspace = new Workspace({
  filesystem: new LocalFilesystem({ basePath: process.cwd() }),
  skills: JSON.parse(process.env.LAB_SKILLS || '["skills"]'),
});
const agent = new Agent({
  id: 'lab',
  name: 'lab',
  instructions: 'You are a test agent.',
  model,
  workspace,
});
await agent.generate('hello', { maxSteps: 5 });
fs.closeSync(log);
