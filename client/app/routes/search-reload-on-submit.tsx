// /modules/search/searchAndReloadOnSubmit: a search form that reloads the results page.
import { ModulePage } from '#client/components/module-page';
import { SearchReloadForm } from '#client/features/search/search-reload-form';

export function Component() {
  return (
    <>
      <ModulePage page="search_reload" />
      <SearchReloadForm />
    </>
  );
}
