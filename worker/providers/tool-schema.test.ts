import { describe, expect, it } from 'vitest';
import { geminiSchema } from './tool-schema';

describe('geminiSchema', () => {
  it('drops the JSON Schema keywords Gemini refuses, at every depth', () => {
    expect(
      geminiSchema({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'urn:weather',
        type: 'object',
        additionalProperties: false,
        properties: {
          city: { type: 'string', default: 'Paris', examples: ['Lyon'], description: 'A city' },
          days: { type: 'integer', minimum: 1, maximum: 7, default: 1, readOnly: true },
          filters: {
            type: 'object',
            additionalProperties: { type: 'string' },
            properties: { unit: { type: 'string', enum: ['C', 'F'], const: 'C' } },
          },
        },
        required: ['city'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'A city' },
        days: { type: 'integer', minimum: 1, maximum: 7 },
        filters: { type: 'object', properties: { unit: { type: 'string', enum: ['C', 'F'] } } },
      },
      required: ['city'],
    });
  });

  it('collapses [x, "null"] types to nullable, several types to anyOf, in items too', () => {
    expect(
      geminiSchema({
        type: 'object',
        properties: {
          note: { type: ['string', 'null'] },
          id: { type: ['string', 'integer'] },
          tags: { type: 'array', items: { type: ['string', 'null'], enum: ['a', null] } },
          choice: {
            oneOf: [
              { type: 'string', format: 'uri' },
              { type: 'number', format: 'double' },
            ],
          },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        note: { type: 'string', nullable: true },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        tags: { type: 'array', items: { type: 'string', nullable: true, enum: ['a'] } },
        choice: { anyOf: [{ type: 'string' }, { type: 'number', format: 'double' }] },
      },
    });
  });

  it('gives empty objects an empty properties map, and keeps date-time and enum formats', () => {
    expect(geminiSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} });
    expect(
      geminiSchema({
        type: 'object',
        properties: { when: { type: 'string', format: 'date-time' }, options: { type: 'object' } },
        required: ['when', 'gone'],
      }),
    ).toEqual({
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' }, options: { type: 'object', properties: {} } },
      required: ['when'],
    });
  });

  it('reads an MCP tool schema (draft 2020-12 with $defs already inlined)', () => {
    const mcp = {
      type: 'object' as const,
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { unused: { type: 'string' } },
      properties: { text: { type: 'string', minLength: 1 }, repeat: { type: 'number', exclusiveMinimum: 0 } },
      required: ['text'],
      additionalProperties: false,
    };
    const cleaned = geminiSchema(mcp);
    expect(JSON.stringify(cleaned)).not.toMatch(/\$schema|\$defs|additionalProperties|exclusiveMinimum/);
    expect(cleaned.properties).toEqual({ text: { type: 'string', minLength: 1 }, repeat: { type: 'number' } });
    expect(cleaned.required).toEqual(['text']);
    expect(mcp).toHaveProperty('$defs');
  });
});
