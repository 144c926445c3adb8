/**
 * The HTTP side of the list mechanism (decision 008): a querystring schema that parses `page`, `limit`,
 * `search`, `sort` and `field[operator]=value` with the domain's parseListQuery (answering a 400 with
 * `details[{ path, message }]`), the OpenAPI description of a list's filters, and the answer with its
 * `x-total-count` header.
 */
import { OPERATORS_BY_FIELD_TYPE } from '@beacon/domain/dictionary/grid';
import { type ListSpec, parseListQuery } from '@beacon/domain/validation/list-query';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const TOTAL_COUNT_HEADER = 'x-total-count';

/** A query parameter as Fastify hands it over: a repeated parameter is a list. */
const ZParam = z.union([z.string(), z.array(z.string())]);

/**
 * The `querystring` schema of a list route. Zod objects cannot name `field[operator]` keys, so the known
 * parameters are declared (for the OpenAPI document) and every other one is let through to parseListQuery,
 * whose problems become issues on the parameter's own path: the central error handler answers them as
 * `400 VALIDATION_FAILED` with `details[{ path, message }]`. The handler receives the parsed ListQuery.
 */
export const ZListQuery = (spec: ListSpec) =>
  z
    .object({
      page: ZParam.optional().meta({ description: 'Page to answer, from 1 (default 1)' }),
      limit: ZParam.optional().meta({ description: 'Rows per page, 1 to 200 (default 32)' }),
      ...(spec.searchable ? { search: ZParam.optional().meta({ description: 'Text to search for' }) } : {}),
      sort: ZParam.optional().meta({
        description: `\`field\` (ascending) or \`-field\` (descending); one of: ${sortableFields(spec).join(', ') || 'none'}`,
      }),
    })
    .catchall(ZParam)
    .transform((raw, context) => {
      const result = parseListQuery(raw, spec);
      if (result.ok) return result.query;
      for (const detail of result.details) {
        context.addIssue({ code: 'custom', path: [detail.path], message: detail.message });
      }
      return z.NEVER;
    });

const sortableFields = (spec: ListSpec): string[] =>
  Object.entries(spec.fields)
    .filter(([, field]) => field.sortable !== false)
    .map(([name]) => name);

/**
 * A Markdown description of a list's filters for its route's OpenAPI `description`: the filters are not
 * declared one by one in the querystring schema, so this says which `field[operator]` pairs exist.
 */
export const describeListQuery = (spec: ListSpec): string => {
  const filters = Object.entries(spec.fields)
    .filter(([, field]) => field.filterable !== false)
    .map(([name, field]) => {
      const values = field.type === 'enum' ? ` (values: ${field.values.join(', ')})` : '';
      return `- \`${name}\` ${field.type}${values}: ${OPERATORS_BY_FIELD_TYPE[field.type].join(', ')}`;
    });
  return [
    'Filters are `field[operator]=value`; `any` takes a comma-separated list and `empty`/`notEmpty` no value.',
    'Dates are `YYYY-MM-DD` (a whole UTC day) or an ISO 8601 date and time. The total is in `x-total-count`.',
    ...filters,
  ].join('\n');
};

/**
 * Sets `x-total-count` (exposed to cross-origin callers too) and hands the rows back, for
 * `return sendList(reply, rows, total)` in a handler whose 200 schema is the array of rows.
 */
export const sendList = <T>(reply: FastifyReply, rows: T[], total: number): T[] => {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  const exposed = reply.getHeader('access-control-expose-headers');
  const names = (Array.isArray(exposed) ? exposed.join(',') : String(exposed ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === TOTAL_COUNT_HEADER)) {
    reply.header('access-control-expose-headers', [...names, TOTAL_COUNT_HEADER].join(', '));
  }
  return rows;
};
