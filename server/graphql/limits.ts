// Document size limits (tokens, aliases, directives: enforced by GraphQL Armor's plugins in
// yoga.ts) and query depth and cost limits, as validation rules: an operation over either is refused before
// anything runs. Cost: every field costs 1, and a field with a page size (`first`) multiplies the
// cost of what it selects by that size (the maximum when it comes from a variable, the default
// when absent), so a few aliases cannot ask for thousands of rows.
import {
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination';

/** Deep enough for GraphiQL's introspection query (13 levels), which the API's own queries never near. */
export const MAX_DEPTH = 15;
/** About twenty full pages of items; the introspection query costs a little over 200. */
export const MAX_COST = 5000;
/** Ten times GraphiQL's introspection query; checked while parsing, before anything else runs. */
export const MAX_TOKENS = 2000;
/** The app's operations use none; a few leave room for hand-written queries. */
export const MAX_ALIASES = 20;
export const MAX_DIRECTIVES = 10;

interface Measure {
  depth: number;
  cost: number;
}

function pageSize(field: FieldNode): number {
  const first = field.arguments?.find((argument) => argument.name.value === 'first');
  if (!first) return 1;
  if (first.value.kind === Kind.INT) return Math.min(Math.max(Number(first.value.value), 1), MAX_PAGE_SIZE);
  return first.value.kind === Kind.VARIABLE ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE;
}

/** Measures selection sets; each fragment once, so nested spreads cannot make validation itself slow. */
function createMeasure(fragments: Map<string, FragmentDefinitionNode>) {
  const fragmentMeasures = new Map<string, Measure>();
  const entered = new Set<string>();

  function fragmentMeasure(name: string): Measure {
    const known = fragmentMeasures.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown and cyclic spreads are other rules' errors; here they add nothing.
    if (!fragment || entered.has(name)) return { depth: 0, cost: 0 };
    entered.add(name);
    const result = measure(fragment.selectionSet);
    entered.delete(name);
    fragmentMeasures.set(name, result);
    return result;
  }

  function measure(selectionSet: SelectionSetNode): Measure {
    let depth = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      let inner: Measure;
      if (selection.kind === Kind.FIELD) {
        const child = selection.selectionSet && measure(selection.selectionSet);
        inner = { depth: 1 + (child?.depth ?? 0), cost: 1 + (child ? pageSize(selection) * child.cost : 0) };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet);
      } else {
        inner = fragmentMeasure(selection.name.value);
      }
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
    return { depth, cost };
  }

  return measure;
}

export function queryLimitsRule(limits: { maxDepth: number; maxCost: number }): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const fragments = new Map(
        context
          .getDocument()
          .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
          .map((d) => [d.name.value, d]),
      );
      const { depth, cost } = createMeasure(fragments)(operation.selectionSet);
      if (depth > limits.maxDepth) {
        context.reportError(
          new GraphQLError(`The operation is ${depth} levels deep; the limit is ${limits.maxDepth}.`, {
            nodes: [operation],
            extensions: { code: 'QUERY_TOO_DEEP' },
          }),
        );
      }
      if (cost > limits.maxCost) {
        context.reportError(
          new GraphQLError(`The operation costs ${cost}; the limit is ${limits.maxCost}.`, {
            nodes: [operation],
            extensions: { code: 'QUERY_TOO_COSTLY' },
          }),
        );
      }
    },
  });
}
