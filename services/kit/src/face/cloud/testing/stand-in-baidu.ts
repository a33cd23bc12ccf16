import { randomBytes, randomUUID } from 'node:crypto';
import { type Handler, json, type Seen, type StandInCore } from './stand-in-core';

/** Baidu face v3 as the stand-in plays it (tests only): OAuth tokens with expiry, documented error_code/error_msg. */
export function baiduStandIn(core: StandInCore): Handler {
  const tokens = new Map<string, number>();
  const users = new Map<string, { group: string; seen: Seen; faceToken: string }>();
  const faceTokens = new Map<string, Seen>();

  return async (req, raw, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/baidu/')) return false;
    const cfg = core.opts.baidu;
    const url = new URL(req.url, 'http://stand-in');
    const path = url.pathname.slice('/baidu'.length);
    core.record('baidu', path);

    if (path === '/oauth/2.0/token') {
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credentials')
        return (
          json(res, 400, {
            error: 'unsupported_grant_type',
            error_description: 'The authorization grant type is not supported',
          }),
          true
        );
      if (!cfg || q.get('client_id') !== cfg.apiKey)
        return (json(res, 401, { error: 'invalid_client', error_description: 'unknown client id' }), true);
      if (q.get('client_secret') !== cfg.secretKey)
        return (json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' }), true);
      const token = `24.${randomBytes(16).toString('hex')}.2592000.${core.now()}`;
      const ttl = cfg.tokenTtlSec ?? 2592000;
      tokens.set(token, core.now() + ttl);
      return (
        json(res, 200, {
          refresh_token: `25.${randomBytes(8).toString('hex')}`,
          expires_in: ttl,
          scope: 'public brain_all_scope',
          session_key: randomBytes(8).toString('hex'),
          access_token: token,
          session_secret: randomBytes(8).toString('hex'),
        }),
        true
      );
    }

    const fail = (error_code: number, error_msg: string) =>
      json(res, 200, { error_code, error_msg, log_id: Date.now(), timestamp: core.now(), cached: 0, result: null });
    const ok = (result: unknown) =>
      json(res, 200, {
        error_code: 0,
        error_msg: 'SUCCESS',
        log_id: Date.now(),
        timestamp: core.now(),
        cached: 0,
        result,
      });
    const token = url.searchParams.get('access_token') ?? '';
    const expires = tokens.get(token);
    if (expires === undefined) return (fail(110, 'Access token invalid or no longer valid'), true);
    if (expires <= core.now()) return (fail(111, 'Access token expired'), true);
    if (core.throttled('baidu')) return (fail(18, 'Open api qps request limit reached'), true);

    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return (fail(222001, 'param[] is null'), true);
    }
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const see = (p: Record<string, unknown>) =>
      p.image_type === 'FACE_TOKEN'
        ? faceTokens.get(String(p.image))
        : p.image_type === 'BASE64'
          ? core.see(Buffer.from(String(p.image ?? ''), 'base64'))
          : undefined;
    const noFace = () => fail(222202, 'pic not has face');
    const tokenOf = (s: Seen) => {
      const t = randomBytes(16).toString('hex');
      faceTokens.set(t, s);
      return t;
    };

    switch (path) {
      case '/rest/2.0/face/v3/detect': {
        const s = see(b);
        if (!s) return (noFace(), true);
        const n = Math.min(s.faces ?? 1, Number(b.max_face_num ?? 1));
        const size = s.size ?? 200;
        const q = s.quality ?? 90;
        const face_list = Array.from({ length: n }, (_, i) => ({
          face_token: tokenOf(s),
          location: {
            left: 10 + i * 250,
            top: 20,
            width: i ? size / 2 : size,
            height: i ? size / 2 : size,
            rotation: 0,
          },
          face_probability: 1,
          angle: { yaw: 0, pitch: 0, roll: 0 },
          quality: {
            occlusion: { left_eye: 0, right_eye: 0, nose: 0, mouth: 0, left_cheek: 0, right_cheek: 0, chin_contour: 0 },
            blur: q < 60 ? 0.9 : 0,
            illumination: 120,
            completeness: 1,
          },
        }));
        return (ok({ face_num: n, face_list }), true);
      }
      case '/rest/2.0/face/v3/match': {
        if (!Array.isArray(body) || body.length !== 2) return (fail(222001, 'param[] is null'), true);
        const [pa, pb] = body as Record<string, unknown>[];
        const a = see(pa);
        const c = see(pb);
        if (!a || !c) return (noFace(), true);
        for (const [p, s] of [
          [pa, a],
          [pb, c],
        ] as const)
          if (p.liveness_control && p.liveness_control !== 'NONE' && s.live === false)
            return (fail(223120, 'liveness check fail'), true);
        return (
          ok({ score: core.similarity(a, c), face_list: [{ face_token: tokenOf(a) }, { face_token: tokenOf(c) }] }),
          true
        );
      }
      case '/rest/2.0/face/v3/faceset/user/add': {
        const s = see(b);
        if (!s) return (noFace(), true);
        const faceToken = tokenOf(s);
        users.set(`${b.group_id}/${b.user_id}`, { group: String(b.group_id), seen: s, faceToken });
        return (
          ok({ face_token: faceToken, location: { left: 10, top: 20, width: 200, height: 200, rotation: 0 } }), true
        );
      }
      case '/rest/2.0/face/v3/faceset/user/delete':
        if (!users.delete(`${b.group_id}/${b.user_id}`)) return (fail(223103, 'user is not exist'), true);
        return (ok(null), true);
      case '/rest/2.0/face/v3/search': {
        const s = see(b);
        if (!s) return (noFace(), true);
        if (b.liveness_control && b.liveness_control !== 'NONE' && s.live === false)
          return (fail(223120, 'liveness check fail'), true);
        const groups = String(b.group_id_list ?? '').split(',');
        const list = [...users]
          .filter(([, u]) => groups.includes(u.group))
          .map(([k, u]) => ({
            group_id: u.group,
            user_id: k.split('/')[1],
            user_info: '',
            score: core.similarity(u.seen, s),
          }));
        if (!list.length) return (fail(222207, 'match user is not found'), true);
        list.sort((x, y) => y.score - x.score);
        return (ok({ face_token: tokenOf(s), user_list: list.slice(0, Number(b.max_user_num ?? 1)) }), true);
      }
      default:
        return (json(res, 200, { error_code: 3, error_msg: 'Unsupported openapi method', log_id: randomUUID() }), true);
    }
  };
}
