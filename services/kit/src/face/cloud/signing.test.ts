import { describe, expect, it } from '@rstest/core';
import { canonicalize, percentEncode, rpcSignature, rpcTimestamp, stringToSign } from './aliyun-sign';
import { parseTc3Authorization, tc3Sign } from './qcloud-sign';

describe('Tencent Cloud TC3-HMAC-SHA256 (published example)', () => {
  // The worked example of Tencent Cloud's "Signature v3" document (CVM DescribeInstances, ap-guangzhou,
  // X-TC-Timestamp 1551113065): its payload hash, hashed canonical request and final Signature are printed
  // in the document; the key in its step 3 is Gu5t9xGARNpq86cd98joQYCN3EXAMPLE (SecretId shown masked).
  const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const secretId = 'AKID**********************0123456789EXAMPLE';
  const signed = tc3Sign({
    secretId,
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    timestamp: 1551113065,
    payload,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
  });

  it('builds the canonical request and string to sign byte for byte', () => {
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
  });

  it('gives the published signature and Authorization header', () => {
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      `TC3-HMAC-SHA256 Credential=${secretId}/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168`,
    );
  });

  it('uses the UTC date (00:44 in Beijing on the 26th is still the 25th)', () => {
    expect(signed.stringToSign.split('\n')[2]).toBe('2019-02-25/cvm/tc3_request');
  });

  it('changes with any signed byte: body, action header, key', () => {
    const base = {
      secretId: 'AKIDx',
      secretKey: 'k',
      service: 'iai',
      timestamp: 1700000000,
      payload: '{}',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        host: 'iai.tencentcloudapi.com',
        'x-tc-action': 'CompareFace',
      },
    };
    const a = tc3Sign(base).signature;
    expect(tc3Sign({ ...base, payload: '{ }' }).signature).not.toBe(a);
    expect(tc3Sign({ ...base, headers: { ...base.headers, 'x-tc-action': 'DetectFace' } }).signature).not.toBe(a);
    expect(tc3Sign({ ...base, secretKey: 'k2' }).signature).not.toBe(a);
    expect(tc3Sign(base).signedHeaders).toBe('content-type;host;x-tc-action');
  });

  it('reads an Authorization header back, and refuses a malformed one', () => {
    expect(parseTc3Authorization(signed.authorization)).toEqual({
      secretId,
      date: '2019-02-25',
      service: 'cvm',
      signedHeaders: ['content-type', 'host'],
      signature: signed.signature,
    });
    expect(parseTc3Authorization('TC3-HMAC-SHA256 Credential=x')).toBeNull();
  });
});

describe('Alibaba Cloud RPC signature HMAC-SHA1 1.0 (published example)', () => {
  // The example of Alibaba Cloud's "RPC signature" document: DescribeRegions (ECS 2014-05-26), AccessKeyId
  // testid, AccessKeySecret testsecret, Timestamp 2016-02-23T12:46:24Z → OLeaidS1JvxuMvnyHOwuJ+uX5qY= (GET).
  const params = {
    Timestamp: '2016-02-23T12:46:24Z',
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    Version: '2014-05-26',
    SignatureVersion: '1.0',
  };

  it('builds the documented string to sign (sorted, encoded twice for the colon)', () => {
    expect(stringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
  });

  it('gives the published signature', () => {
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('leaves Signature itself out, and signs the method (our calls are POST)', () => {
    expect(canonicalize({ ...params, Signature: 'x' })).toBe(canonicalize(params));
    expect(rpcSignature('POST', params, 'testsecret')).not.toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes the RFC 3986 way (space %20, * %2A, ~ kept, base64 + / =)', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('ab+/=')).toBe('ab%2B%2F%3D');
    expect(percentEncode('人')).toBe('%E4%BA%BA');
  });

  it('formats the timestamp as ISO 8601 UTC without milliseconds', () => {
    expect(rpcTimestamp(1456231584)).toBe('2016-02-23T12:46:24Z');
  });
});
