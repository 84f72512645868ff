import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { ApiErrorBody } from '#shared/api-error';
import { type BodyOptions, formBody, type JsonBodyOptions, jsonBody } from './json-body';
import { MAX_JSON_DEPTH } from './json-text';

const Schema = z.strictObject({ name: z.string(), items: z.optional(z.array(z.unknown())) });
const limits = { maxBytes: 64 * 1024, what: 'A test body' };

function jsonApp(options: Partial<JsonBodyOptions> = {}) {
  return new Hono().post('/', jsonBody(Schema, { ...limits, ...options }), (c) =>
    c.json(c.req.valid('json')),
  );
}

function post(app: Hono, body: string, type = 'application/json') {
  return app.request('/', { method: 'POST', headers: { 'Content-Type': type }, body });
}

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as ApiErrorBody).error };
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonBody', () => {
  it('hands the handler the validated body', async () => {
    const response = await post(jsonApp(), '{"name":"a","items":[1]}');
    expect(await response.json()).toEqual({ name: 'a', items: [1] });
  });

  it('refuses other media types with 415, or reads them as JSON when any is accepted', async () => {
    const body = '{"name":"a"}';
    expect(await refusal(await post(jsonApp(), body, 'text/plain'))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the body as application/json.',
    });
    expect((await post(jsonApp(), body, 'application/problem+json')).status).toBe(200);
    const beacon = await post(jsonApp({ anyMediaType: true }), body, 'text/plain;charset=UTF-8');
    expect(await beacon.json()).toEqual({ name: 'a' });
  });

  it('refuses a body that is not JSON with 400 invalid_json', async () => {
    for (const app of [jsonApp(), jsonApp({ anyMediaType: true })]) {
      expect(await refusal(await post(app, '{"name":'))).toMatchObject({ status: 400, code: 'invalid_json' });
    }
  });

  it('refuses a body over the cap with 413, naming the request', async () => {
    const response = await post(jsonApp({ maxBytes: 16 }), '{"name":"a long enough name"}');
    expect(await refusal(response)).toEqual({
      status: 413,
      code: 'too_large',
      message: 'A test body may hold at most 16 bytes.',
    });
  });

  it('names each field the schema refuses', async () => {
    expect(await refusal(await post(jsonApp(), '{"name":1,"extra":true}'))).toMatchObject({
      status: 400,
      code: 'invalid_body',
      issues: [
        { path: 'name', message: expect.any(String) },
        { path: '', message: expect.stringContaining('extra') },
      ],
    });
  });

  it('names where a body nests too deep or holds text PostgreSQL cannot store', async () => {
    const cases: [string, string, RegExp][] = [
      [`{"name":"a","items":${nested(MAX_JSON_DEPTH)}}`, `items${'.0'.repeat(MAX_JSON_DEPTH - 1)}`, /nests/],
      ['{"name":"a\\u0000"}', 'name', /NUL/],
      ['{"name":"a","items":["\\ud800"]}', 'items.0', /lone surrogate/],
      ['{"name":"a","items":[{"k\\udc00":1}]}', 'items.0.k\udc00', /has a name/],
    ];
    for (const [body, path, message] of cases) {
      const { issues, ...rest } = await refusal(await post(jsonApp(), body));
      expect(rest, body).toMatchObject({ status: 400, code: 'invalid_body' });
      expect(issues, body).toEqual([{ path, message: expect.stringMatching(message) }]);
    }
    expect((await post(jsonApp(), `{"name":"a","items":${nested(MAX_JSON_DEPTH - 1)}}`)).status).toBe(200);
  });

  it('repairs unstorable text when asked, and still refuses deep nesting after such text', async () => {
    const app = jsonApp({ text: 'repair' });
    const repaired = await post(app, '{"name":"a\\u0000b","items":["\\ud800",{"k\\udc00":1}]}');
    expect(await repaired.json()).toEqual({ name: 'a\ufffdb', items: ['\ufffd', { 'k\ufffd': 1 }] });
    const deep = await post(app, `{"name":"\\u0000","items":${nested(20_000)}}`);
    expect(await refusal(deep)).toMatchObject({
      status: 400,
      issues: [{ message: expect.stringMatching(/nests/) }],
    });
  });

  it('lets errors of later handlers through rather than calling them unparsable bodies', async () => {
    const body = jsonBody(Schema, limits);
    const app = new Hono().post('/', (c) =>
      body(c, () => {
        throw new HTTPException(418, { message: 'later' });
      }),
    );
    expect((await post(app, '{"name":"a"}')).status).toBe(418);
  });
});

describe('formBody', () => {
  function formApp(options: Partial<BodyOptions> = {}) {
    const schema = z.record(z.string(), z.string());
    return new Hono().post('/', formBody(schema, { ...limits, ...options }), (c) =>
      c.json(c.req.valid('form')),
    );
  }
  const send = (body: string, type = 'application/x-www-form-urlencoded') => post(formApp(), body, type);

  it('hands the handler the validated fields', async () => {
    expect(await (await send('email=a%40b.test&json=true')).json()).toEqual({
      email: 'a@b.test',
      json: 'true',
    });
  });

  it('refuses other media types with 415, a repeated field or unstorable text with 400 naming it', async () => {
    expect(await refusal(await send('{"email":"a"}', 'application/json'))).toMatchObject({
      status: 415,
      message: 'Send the body as application/x-www-form-urlencoded.',
    });
    expect(await refusal(await send('email=a&email=b'))).toMatchObject({
      status: 400,
      code: 'invalid_body',
      issues: [{ path: 'email' }],
    });
    expect(await refusal(await send('email=a%00b'))).toMatchObject({
      status: 400,
      code: 'invalid_body',
      issues: [{ path: 'email', message: expect.stringMatching(/NUL/) }],
    });
  });

  it('refuses a form over the cap with 413', async () => {
    const response = await post(
      formApp({ maxBytes: 8 }),
      'email=a@b.test',
      'application/x-www-form-urlencoded',
    );
    expect(await refusal(response)).toMatchObject({ status: 413, code: 'too_large' });
  });
});
