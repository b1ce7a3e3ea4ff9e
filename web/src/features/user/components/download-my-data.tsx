import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pages } from '#domain/pages';
import { accountExportHref } from '../../../lib/export/export-links.ts';
import { t } from '../../../lib/i18n.ts';
import { tNodes } from '../../../lib/i18n-nodes.ts';

export const DOWNLOAD_MY_DATA_HINT =
  'A ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files.';

/**
 * Settings: 'Download my data'. A plain download link: the browser streams the ZIP to a file
 * itself (with the session cookie), however large, instead of holding it in the page's memory.
 */
export function DownloadMyData({ handle }: { handle: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={3}>{t('Download my data')}</Title>
      <Text size="sm" c="dimmed">
        {t(DOWNLOAD_MY_DATA_HINT)}{' '}
        {tNodes('See {privacy} for what is kept.', {
          privacy: (
            <Anchor component={Link} to={pages.privacy.href()} inherit underline="always">
              {t('Privacy')}
            </Anchor>
          ),
        })}
      </Text>
      <Button
        component="a"
        href={accountExportHref(handle)}
        download
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        {t('Download my data')}
      </Button>
    </Stack>
  );
}
