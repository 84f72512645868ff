// One result: its title and description with the matched words marked, its data type, its distance
// from the user (near me), and (when it matched on another name, e.g. a translation) the name that
// matched. An option of the result listbox that links to the item viewer. Plain elements styled by the list's classes
// (search-results-list.tsx): a page of results mounts in a fraction of the time MUI components take.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemAvatar } from '#client/lib/item-avatar';
import type { DataSourceConfig } from '#shared/app-config';
import type { SearchHit } from '#shared/search/search-types';
import type { LatLon } from '#shared/search/sift/geo-distance';
import { formatDistance, hitDistanceKm } from './distance-sort';
import { hasMatch } from './highlight';
import { HighlightedText } from './highlighted-text';
import type { SearchLabels } from './search-labels';
import { TONE_COUNT } from './search-results-styles';

export interface ResultItemProps {
  hit: SearchHit;
  source: DataSourceConfig;
  /** The data type's place in the config, for its colour. */
  tone: number;
  href: string;
  linkState: unknown;
  words: readonly string[];
  labels: SearchLabels;
  id: string;
  active: boolean;
  /** The user's position ("near me"): the result says how far it is. */
  near?: LatLon;
}

/** The first searched value that matched, when neither title nor description shows a match. */
function otherMatch(source: DataSourceConfig, hit: SearchHit, words: readonly string[], shown: string[]) {
  if (words.length === 0 || shown.some((text) => hasMatch(text, words))) return undefined;
  for (const property of Object.keys(source.searchProperties)) {
    const value = hit.document[property];
    const texts = Array.isArray(value) ? value : [value];
    const found = texts.find((text): text is string => typeof text === 'string' && hasMatch(text, words));
    if (found) return found;
  }
  return undefined;
}

export const SearchResultItem = memo(function SearchResultItem({
  hit,
  source,
  tone,
  href,
  linkState,
  words,
  labels,
  id,
  active,
  near,
}: ResultItemProps) {
  const { t, i18n } = useTranslation();
  const km = near && hitDistanceKm(hit, { [hit.dataType]: source }, near);
  const title = labels.title(source, hit.document, hit.id);
  const details = source.descriptionProperties.flatMap((property) => {
    const value = hit.document[property];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length))
      return [];
    const text = labels.value(source, property, value);
    return [{ property, text: typeof value === 'number' ? `${labels.field(property)} ${text}` : text }];
  });
  const matched = otherMatch(source, hit, words, [title, ...details.map((d) => d.text)]);

  return (
    <Link
      to={href}
      state={linkState}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={`result tone-${tone % TONE_COUNT}`}
    >
      <span className="result-avatar" aria-hidden>
        {itemAvatar(source, hit.document, title)}
      </span>
      <span className="result-body">
        <span className="result-heading">
          <span className="result-title">
            <HighlightedText text={title} words={words} />
          </span>
          <span className="result-type">{labels.dataType(hit.dataType, 'item')}</span>
        </span>
        {details.length > 0 && (
          <span className="result-details">
            {details.map(({ property, text }, i) => (
              <span key={property}>
                {i > 0 && ' · '}
                <HighlightedText text={text} words={words} />
              </span>
            ))}
          </span>
        )}
        {km !== undefined && (
          <span className="result-details" data-testid="result-distance">
            {t('search.near.distance', { distance: formatDistance(km, i18n.language) })}
          </span>
        )}
        {matched && (
          <span className="result-details result-also">
            {t('search.also_matches')} <HighlightedText text={matched} words={words} />
          </span>
        )}
      </span>
    </Link>
  );
});
