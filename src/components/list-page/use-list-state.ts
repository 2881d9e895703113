import { useNavigate } from '@tanstack/react-router';

/**
 * A list route's state and its setter: the URL search (parsed by the route's `validateSearch`) and a change that
 * merges into it with `replace`, so typing and paging do not fill the history.
 */
export function useListState<S extends object>(route: { useSearch: () => S; fullPath: string }) {
  const search = route.useSearch();
  const navigate = useNavigate({ from: route.fullPath as never });
  const onSearchChange = (next: Partial<S>) => void navigate({ search: (prev: S) => ({ ...prev, ...next }), replace: true } as never);
  return { search, onSearchChange };
}
