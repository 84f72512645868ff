// The current page of results as a listbox: the search box (its combobox) or the list itself
// moves through it with the arrow keys, and Enter opens the result pointed at.
import { Fragment, type KeyboardEvent, memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import type { SearchHit } from '#shared/search/search-types';
import type { LatLon } from '#shared/search/sift/geo-distance';
import { useSearchBox, useSearchBoxStore } from './search-box-store';
import type { SearchLabels } from './search-labels';
import { SearchResultItem } from './search-result-item';
import { ResultsListbox } from './search-results-styles';

export interface PageResult {
  hit: SearchHit;
  source: DataSourceConfig;
  tone: number;
  href: string;
  /** The user's position ("near me"): the result says how far it is. */
  near?: LatLon;
}

/** Memoised: the screen re-renders as indexes load and searches start, and a page is 400 fibers. */
export const SearchResultsList = memo(function SearchResultsList({
  results,
  listboxId,
  optionId,
  linkState,
  words,
  labels,
  dimmed,
}: {
  results: PageResult[];
  listboxId: string;
  optionId: (index: number) => string;
  linkState: unknown;
  words: readonly string[];
  labels: SearchLabels;
  /** A newer search is running: these results are about to change. */
  dimmed: boolean;
}) {
  const { t } = useTranslation();
  const searchBoxStore = useSearchBoxStore();
  const active = useSearchBox((s) => s.active);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);

  const keyDown = (event: KeyboardEvent) => {
    const last = results.length - 1;
    const target = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      searchBoxStore.setActive(target);
    } else if (event.key === 'Enter' && searchBoxStore.openActive()) event.preventDefault();
  };

  return (
    <ResultsListbox
      role="listbox"
      id={listboxId}
      aria-label={t('search.results_label')}
      aria-activedescendant={active >= 0 ? optionId(active) : undefined}
      tabIndex={0}
      onKeyDown={keyDown}
      onFocus={() => active < 0 && results.length > 0 && searchBoxStore.setActive(0)}
      data-dimmed={dimmed}
    >
      {results.map((result, i) => (
        <Fragment key={`${result.hit.dataType}:${result.hit.id}`}>
          {i > 0 && <div className="result-divider" role="presentation" />}
          <SearchResultItem
            {...result}
            id={optionId(i)}
            active={i === active}
            linkState={linkState}
            words={words}
            labels={labels}
          />
        </Fragment>
      ))}
    </ResultsListbox>
  );
});
