// @ts-check
import path from 'node:path';

/**
 * ESLint rule `local/one-way` (eslint.config.js): where the project does a thing one way (issue 20), a second way is
 * refused. Each option names what a second way looks like (an AST selector, as in `no-restricted-syntax`), why it is
 * refused, and the one place (files relative to the repository) where it is the way itself. One rule with a list,
 * rather than `no-restricted-syntax` per folder, because flat config replaces a rule's options per file instead of
 * adding to them: the folder-wide lists (berlin-date, `request.user!`) stay as they are.
 *
 * @typedef {{ selector: string, message: string, only?: string[] }} OneWay
 * @type {import('eslint').Rule.RuleModule}
 */
export const oneWayRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses a second way of doing what the project does one way (issue 20).' },
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          selector: { type: 'string' },
          message: { type: 'string' },
          only: { type: 'array', items: { type: 'string' } },
        },
        required: ['selector', 'message'],
        additionalProperties: false,
      },
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    /** @type {Record<string, (node: import('eslint').Rule.Node) => void>} */
    const visitors = {};
    for (const option of /** @type {OneWay[]} */ (context.options)) {
      if (option.only?.includes(file)) continue;
      const previous = visitors[option.selector];
      visitors[option.selector] = (node) => {
        previous?.(node);
        context.report({ node, message: option.message });
      };
    }
    return visitors;
  },
};
