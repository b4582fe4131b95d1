/**
 * The part of a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/)
 * that the impact analysis reads, typed with `@types/har-format` and
 * validated with ajv before anything is read from it. Recorders differ in
 * what they fill in, so only what the analysis uses is required.
 */
import type { Content, Header, PostData, QueryString, Request, Response } from 'har-format';
import { Ajv, type JSONSchemaType } from 'ajv';

export interface RecordedRequest extends Pick<Request, 'method' | 'url'> {
  readonly headers: Pick<Header, 'name' | 'value'>[];
  readonly queryString?: Pick<QueryString, 'name' | 'value'>[];
  readonly postData?: Pick<PostData, 'mimeType' | 'text'>;
}

export interface RecordedResponse extends Pick<Response, 'status'> {
  readonly headers?: Pick<Header, 'name' | 'value'>[];
  readonly content?: Pick<Content, 'mimeType' | 'text'>;
}

export interface RecordedEntry {
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
}

export interface RecordedHar {
  readonly log: { readonly version: string; readonly entries: RecordedEntry[] };
}

const nameValue = {
  type: 'object',
  properties: { name: { type: 'string' }, value: { type: 'string' } },
  required: ['name', 'value'],
} as const;

const schema: JSONSchemaType<RecordedHar> = {
  type: 'object',
  properties: {
    log: {
      type: 'object',
      properties: {
        version: { type: 'string' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              request: {
                type: 'object',
                properties: {
                  method: { type: 'string', minLength: 1 },
                  url: { type: 'string', minLength: 1 },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue, nullable: true },
                  postData: {
                    type: 'object',
                    properties: { mimeType: { type: 'string' }, text: { type: 'string', nullable: true } },
                    required: ['mimeType'],
                    nullable: true,
                  },
                },
                required: ['method', 'url', 'headers'],
              },
              response: {
                type: 'object',
                properties: {
                  status: { type: 'integer' },
                  headers: { type: 'array', items: nameValue, nullable: true },
                  content: {
                    type: 'object',
                    properties: { mimeType: { type: 'string' }, text: { type: 'string', nullable: true } },
                    required: ['mimeType'],
                    nullable: true,
                  },
                },
                required: ['status'],
              },
            },
            required: ['request', 'response'],
          },
        },
      },
      required: ['version', 'entries'],
    },
  },
  required: ['log'],
};

const validate = new Ajv({ allErrors: false, strict: true }).compile(schema);

/** The HAR's shape, or the first place it departs from it (`/log/entries/2/request: must have required property 'url'`). */
export function checkHarShape(value: unknown): { readonly har: RecordedHar } | { readonly error: string } {
  if (validate(value)) return { har: value };
  const first = validate.errors?.[0];
  return { error: first ? `${first.instancePath || '(root)'}: ${first.message ?? 'is not valid'}` : 'is not a HAR file' };
}
