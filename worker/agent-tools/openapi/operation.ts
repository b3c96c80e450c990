/**
 * One callable operation of an action's OpenAPI document, as the parser leaves it: plain JSON,
 * so it travels inside the run's spec to the Durable Object, and the executor needs nothing else
 * to build the request from the model's arguments.
 */
import type { JsonSchemaObject } from '../types';

export const ACTION_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ActionMethod = (typeof ACTION_METHODS)[number];

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
}

/**
 * Where the request body comes from in the model's arguments: its properties sit beside the
 * parameters (`merged`, when the body is an object whose names clash with none), or the whole
 * body is the `body` argument (`wrapped`).
 */
export type OperationBody = { mode: 'merged'; properties: string[] } | { mode: 'wrapped' };

export interface ActionOperation {
  /** The function name: operationId, or method_path, sanitised and unique in its document. */
  name: string;
  method: ActionMethod;
  /** Absolute http(s) URL without a trailing slash; its host is the action's domain. */
  serverUrl: string;
  /** The path template, `/pets/{petId}`. */
  path: string;
  description: string;
  /** What the model fills: parameters and body merged into one object schema. */
  parameters: JsonSchemaObject;
  params: OperationParameter[];
  body: OperationBody | null;
}
