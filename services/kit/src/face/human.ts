import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @vladmandic/human on its WASM backend, loaded once per process on first use (DESIGN §5). The package's
 * `exports` map lacks the node-wasm build, so it is required by path; models come from the package's
 * own `models/` folder through a file:// fetch (Node's fetch has none), never from the internet.
 */
// Resolved on first use: a service that never detects a face (its image has no model files) loads this module too.
const require = /* @__PURE__ */ createRequire(import.meta.url);
const humanDist = () => dirname(require.resolve('@vladmandic/human'));
const wasmDist = () => join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';

/** The slice of human's result this engine reads. */
export type HumanFace = {
  box: [number, number, number, number];
  boxScore: number;
  faceScore: number;
  embedding?: number[];
};
type HumanTensor = { dispose(): void };
type HumanLib = {
  detect(input: HumanTensor): Promise<{ face: HumanFace[] }>;
  load(): Promise<void>;
  tf: { tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): HumanTensor };
  match: {
    similarity(
      a: number[],
      b: number[],
      opts?: { order?: number; multiplier?: number; min?: number; max?: number },
    ): number;
  };
};

const config = () => ({
  backend: 'wasm',
  wasmPath: wasmDist(),
  modelBasePath: pathToFileURL(join(humanDist(), '..', 'models')).href + '/',
  debug: false,
  cacheSensitivity: 0, // every call is a different image: never reuse a previous frame's result
  face: {
    enabled: true,
    // Up to 5 faces are found so that "two faces" can be refused, not silently cropped to one.
    detector: { rotation: true, maxDetected: 5, minConfidence: 0.3, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
  filter: { enabled: false },
});

let loading: Promise<HumanLib> | undefined;

/** The process's one instance (lazy; a failed load is retried by the next call). */
export function loadHuman(): Promise<HumanLib> {
  loading ??= (async () => {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string): void };
    wasm.setWasmPaths(wasmDist());
    const { Human } = require(join(humanDist(), 'human.node-wasm.js')) as { Human: new (cfg: object) => HumanLib };
    const human = new Human(config());
    const realFetch = globalThis.fetch;
    // Only while the models load; any other URL goes to the real fetch.
    globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const u = String(url instanceof Request ? url.url : url);
      if (!u.startsWith('file://')) return realFetch(url, init);
      const body = await readFile(new URL(u));
      return new Response(body, {
        headers: { 'content-type': u.endsWith('.json') ? 'application/json' : 'application/octet-stream' },
      });
    }) as typeof fetch;
    try {
      await human.load();
    } finally {
      globalThis.fetch = realFetch;
    }
    return human;
  })().catch((e) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one detection at a time: the WASM backend is single-threaded and shares one tensor engine, so
 * parallel calls would only interleave and grow memory. Callers wait their turn.
 */
export function detectFaces(rgb: { data: Uint8Array; width: number; height: number }): Promise<HumanFace[]> {
  const run = queue.then(async () => {
    const human = await loadHuman();
    const input = human.tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32');
    try {
      return (await human.detect(input)).face;
    } finally {
      input.dispose();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** human's own similarity of two embeddings (0..1, 1 the same). */
export async function similarity(a: number[], b: number[]): Promise<number> {
  return (await loadHuman()).match.similarity(a, b);
}
