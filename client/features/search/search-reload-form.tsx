// The /modules/search/searchAndReloadOnSubmit demo: a plain search form whose submit loads the
// results page afresh (a full page load, not an in-app navigation), with the query in its URL.
import SearchIcon from '@mui/icons-material/Search';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/paths';

export function SearchReloadForm() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) window.location.assign(paths.search({ s: text.trim() }));
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: '20px', maxWidth: 640 }}>
      <Stack
        component="form"
        role="search"
        // Named apart from the header's search landmark on the same page.
        aria-label={t('pages.search_reload.title')}
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
      >
        <TextField
          fullWidth
          size="small"
          label={t('search.reload.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { enterKeyHint: 'search' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          disabled={!text.trim()}
          sx={{ flexShrink: 0 }}
        >
          {t('search.reload.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('search.reload.hint')}
      </Typography>
    </Paper>
  );
}
