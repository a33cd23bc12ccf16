import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { buildSendSmsUrl, createAliyunSms, percentEncode, signRpc } from './aliyun-sms';

const opts = {
  accessKeyId: 'testId',
  accessKeySecret: 'testSecret',
  signName: '云帆考试',
  templateCode: 'SMS_71390007',
  now: () => new Date('2026-11-22T02:42:19.123Z'),
  nonce: () => '45e25e9b-0a6f-4070-8c85-2956eda1b466',
};

describe('Aliyun RPC signature v1', () => {
  it("percent-encodes as RFC 3986 (space %20, * %2A, ~ kept, !'() encoded)", () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('/')).toBe('%2F');
    expect(percentEncode('云')).toBe('%E4%BA%91');
  });

  it('signs the canonicalized query: sorted keys, METHOD&%2F&enc(query), HMAC-SHA1 with secret&', () => {
    const { canonical, stringToSign, signature } = signRpc('GET', { b: '2', a: 'x y', Action: 'SendSms' }, 'secret');
    // Upper case sorts before lower case (byte order), as the documented algorithm requires.
    expect(canonical).toBe('Action=SendSms&a=x%20y&b=2');
    expect(stringToSign).toBe('GET&%2F&Action%3DSendSms%26a%3Dx%2520y%26b%3D2');
    expect(signature).toBe(createHmac('sha1', 'secret&').update(stringToSign).digest('base64'));
  });

  it("reproduces the example of Aliyun's SMS signature documentation", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signRpc('GET', params, 'testSecret').signature).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('builds the recorded SendSms request shape', () => {
    const url = new URL(buildSendSmsUrl(opts, '15300000001', '123456'));
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '云帆考试',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-11-22T02:42:19Z',
      Version: '2017-05-25',
      Signature: q.Signature,
    });
    // Recompute from the documented steps by hand: the adapter's signature must equal it.
    const { Signature, ...rest } = q;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(rest[k])}`)
      .join('&');
    const expected = createHmac('sha1', 'testSecret&')
      .update(`GET&%2F&${percentEncode(canonical)}`)
      .digest('base64');
    expect(Signature).toBe(expected);
    // The query string sent is the canonical one, Signature first.
    expect(url.search).toBe(`?Signature=${percentEncode(expected)}&${canonical}`);
  });

  it('sends through fetch and treats a Code other than OK as a failure', async () => {
    const calls: string[] = [];
    const reply = (body: object) => async (u: string | URL | Request) => {
      calls.push(String(u));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    await createAliyunSms({ ...opts, fetch: reply({ Code: 'OK', Message: 'OK' }) as typeof fetch }).sendCode(
      '15300000001',
      '654321',
    );
    expect(calls[0]).toContain('PhoneNumbers=15300000001');
    const bad = createAliyunSms({
      ...opts,
      fetch: reply({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' }) as typeof fetch,
    });
    await expect(bad.sendCode('15300000001', '1')).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });
});
