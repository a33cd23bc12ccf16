// Version skew between separately deployed parts (issue 41): a remote built against an older release's contracts keeps
// calling today's services. What that client sends must still be accepted, and what it reads must still be there with
// the type it expects. `contractBreaks` compares two releases' contracts (JSON Schema, as TypeBox writes them) call by
// call and says what would break such a client, naming the call and the field.

type Schema = { [key: string]: unknown };
/**
 * One release's calls: name (`PaperCalls.save`) → its url, request body and `data` schemas. A url may have two
 * contracts (the public and the admin view of one call).
 */
export type ContractSnapshot = { release: string; commit: string; calls: Record<string, CallSchemas> };
export type CallSchemas = { url: string; body: Schema; data: Schema };

const props = (s: Schema) => (s.properties ?? {}) as Record<string, Schema>;
const required = (s: Schema) => new Set((s.required ?? []) as string[]);
const num = (s: Schema, k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);

/** The alternatives a value of the schema may take: the members of an `anyOf`, else the schema itself. */
const variants = (s: Schema): Schema[] => (Array.isArray(s.anyOf) ? (s.anyOf as Schema[]).flatMap(variants) : [s]);
const typeOf = (s: Schema) => (typeof s.type === 'string' ? s.type : 'any');
/** Whether a reader of type `reader` takes every value of type `value` (an integer is a number). */
const takes = (reader: string, value: string) =>
  reader === 'any' || reader === value || (reader === 'number' && value === 'integer');
const label = (s: Schema) => ('const' in s ? JSON.stringify(s.const) : typeOf(s));

/** The element schemas both have: an array's items, a record's values. */
function children(w: Schema, n: Schema, at: string): [[Schema, Schema], string][] {
  const out: [[Schema, Schema], string][] = [];
  if (w.items && n.items) out.push([[w.items as Schema, n.items as Schema], `${at}[]`]);
  const wp = (w.patternProperties ?? {}) as Record<string, Schema>;
  const np = (n.patternProperties ?? {}) as Record<string, Schema>;
  for (const key of Object.keys(wp)) if (np[key]) out.push([[wp[key], np[key]], `${at}[*]`]);
  return out;
}

/**
 * What the server of `now` refuses of a request valid under `was` (a client of `was` may send it): a field that became
 * required, a type or value no longer taken, a bound made tighter.
 */
function requestBreaks(was: Schema, now: Schema, at: string, out: string[]) {
  for (const w of variants(was)) {
    const fits = variants(now).filter(
      (v) => takes(typeOf(v), typeOf(w)) && (!('const' in v) || ('const' in w && v.const === w.const)),
    );
    if (!fits.length)
      out.push(`request ${at}: ${label(w)} is no longer taken (now ${variants(now).map(label).join(' | ')})`);
    else out.push(...fewest(fits.map((n) => requestVariantBreaks(w, n, at))));
  }
}

/** Of the ways a value may match (an `anyOf` of several objects or strings), the one that breaks least. */
const fewest = (found: string[][]) => found.sort((a, b) => a.length - b.length)[0];

function requestVariantBreaks(w: Schema, n: Schema, at: string): string[] {
  const out: string[] = [];
  for (const [key, tighter] of [
    ['maxLength', (a: number, b: number) => b < a],
    ['maximum', (a: number, b: number) => b < a],
    ['maxItems', (a: number, b: number) => b < a],
    ['maxProperties', (a: number, b: number) => b < a],
    ['minLength', (a: number, b: number) => b > a],
    ['minimum', (a: number, b: number) => b > a],
    ['minItems', (a: number, b: number) => b > a],
  ] as const) {
    const a = num(w, key);
    const b = num(n, key);
    if (b !== undefined && (a === undefined || tighter(a, b))) out.push(`request ${at}: ${key} ${a ?? '-'} → ${b}`);
  }
  if (n.pattern !== undefined && n.pattern !== w.pattern) out.push(`request ${at}: pattern now ${n.pattern}`);
  if (typeOf(n) === 'object') {
    const wasProps = props(w);
    const wasRequired = required(w);
    for (const key of required(n)) if (!wasRequired.has(key)) out.push(`request ${at}.${key}: a new required field`);
    for (const [key, p] of Object.entries(props(n)))
      if (wasProps[key]) requestBreaks(wasProps[key], p, `${at}.${key}`, out);
  }
  for (const [sub, at2] of children(w, n, at)) requestBreaks(sub[0], sub[1], at2, out);
  return out;
}

/**
 * What a client of `was` may not find in an answer of `now`: a field removed or made optional, a value of another
 * type (a new `null` included). New fields and new values of an enumeration are not breaks.
 */
function answerBreaks(was: Schema, now: Schema, at: string, out: string[]) {
  for (const n of variants(now)) {
    const fits = variants(was).filter((v) => takes(typeOf(v), typeOf(n)));
    if (!fits.length)
      out.push(`answer ${at}: may now be ${typeOf(n)} (the client expects ${variants(was).map(typeOf).join(' | ')})`);
    else out.push(...fewest(fits.map((w) => answerVariantBreaks(w, n, at))));
  }
}

function answerVariantBreaks(w: Schema, n: Schema, at: string): string[] {
  const out: string[] = [];
  if (typeOf(n) === 'object') {
    const nowProps = props(n);
    const nowRequired = required(n);
    for (const [key, p] of Object.entries(props(w))) {
      if (!nowProps[key]) out.push(`answer ${at}.${key}: removed`);
      else {
        if (required(w).has(key) && !nowRequired.has(key)) out.push(`answer ${at}.${key}: no longer always sent`);
        answerBreaks(p, nowProps[key], `${at}.${key}`, out);
      }
    }
  }
  for (const [sub, at2] of children(w, n, at)) answerBreaks(sub[0], sub[1], at2, out);
  return out;
}

/** Every break of a client of `was` against the services of `now`, one line each, starting with the call's name. */
export function contractBreaks(was: ContractSnapshot, now: ContractSnapshot): string[] {
  const out: string[] = [];
  for (const [name, old] of Object.entries(was.calls)) {
    // The call of the same name; one renamed in the code is found by its url (the wire is what a client sees).
    const candidates = now.calls[name] ? [now.calls[name]] : Object.values(now.calls).filter((c) => c.url === old.url);
    if (!candidates.length) {
      out.push(`${name} (${old.url}): removed`);
      continue;
    }
    const found = candidates
      .map((call) => {
        const f: string[] = [];
        requestBreaks(old.body, call.body, 'body', f);
        answerBreaks(old.data, call.data, 'data', f);
        return f;
      })
      .sort((a, b) => a.length - b.length)[0];
    for (const f of found) out.push(`${name} (${old.url}): ${f}`);
  }
  return out;
}
