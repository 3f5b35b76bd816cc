import { DB_INT_MAX } from '@sufra/shared/schemas/common';

/** The parts of an OpenAPI 3.0 document the API's checks read (fastify-swagger's output, all inline). */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject>;
  'x-staff-roles'?: string[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; responses?: Record<string, ResponseObject> };
}

export interface OperationRef {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function operationsOf(document: OpenApiDocument): OperationRef[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/**
 * Integers a request can give with no bound that fits PostgreSQL's `integer` (every id column): each is a field
 * that could reach a query and fail there as a 500. Where: `query:before`, `body.branchIds[]`.
 */
export function unboundedRequestIntegers({ operation }: OperationRef): string[] {
  const found: string[] = [];
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema) return;
    if (schema.type === 'integer') {
      const { minimum, maximum } = schema;
      if (maximum === undefined || maximum > DB_INT_MAX || minimum === undefined || minimum < -DB_INT_MAX - 1) {
        found.push(`${where} (minimum ${minimum ?? 'none'}, maximum ${maximum ?? 'none'})`);
      }
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, `${where}.${name}`);
    if (schema.items) walk(schema.items, `${where}[]`);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${where}.*`);
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(branch, where);
  };
  for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${parameter.in}:${parameter.name}`);
  for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
    walk(content.schema, type === 'application/json' ? 'body' : `body(${type})`);
  }
  return found;
}
