import { Anchor, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense, use, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '#domain/auth';
import { pages } from '#domain/pages';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import { t } from '../../../lib/i18n.ts';
import { usePrivacyInfo } from '../api/get-privacy-info.ts';

/** Shown where the operator has not configured OPERATOR_CONTACT (translated where shown). */
export const NO_OPERATOR_CONTACT = 'The operator of this site has not published a contact yet.';

/** The plural formatter (≈ 0.4 KB, which the route's first download has no room for), loading with this module. */
const pluralFormatter = import('../../../lib/i18n-plural.ts').then((m) => m.plural);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An email address becomes a mailto: link, a web address a link; anything else is shown as written. */
function Contact({ contact }: { contact: string }) {
  if (/^[^\s@]+@[^\s@]+$/.test(contact)) return <Anchor href={`mailto:${contact}`}>{contact}</Anchor>;
  if (/^https?:\/\/\S+$/.test(contact)) {
    return (
      <Anchor href={contact} target="_blank" rel="noopener noreferrer">
        {contact}
      </Anchor>
    );
  }
  return <span style={{ whiteSpace: 'pre-line' }}>{contact}</span>;
}

/**
 * /privacy: what the site stores about people, what of it is public, its cookies, how long things
 * are kept and how to download or delete one's data. The periods are the code's (sessions,
 * rate-limit windows, reserved handles); the operator's contact and the sessions' absolute
 * lifetime come from the server's configuration (GET /api/privacy). The page shows once the
 * plural formatter (its periods are counted in days) has loaded beside those settings.
 */
export function PrivacyPage() {
  return (
    <Suspense fallback={null}>
      <PrivacyText />
    </Suspense>
  );
}

function PrivacyText() {
  const plural = use(pluralFormatter);
  const info = usePrivacyInfo();
  const maxAgeDays = info.data?.session_max_age_days;

  return (
    <Container size="md" py="lg" style={{ overflowY: 'auto' }}>
      <Stack gap="lg">
        <Title order={1}>{t('Privacy')}</Title>
        <Text>
          {t(
            'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.',
          )}
        </Text>

        <Section id="privacy-stored" title={t('What is stored')}>
          <Stack component="ul" gap={4} pl="lg" my={0}>
            <li>
              <strong>{t('Your Google identity')}</strong>{' '}
              {t(
                "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.",
              )}
            </li>
            <li>
              <strong>{t('What you add')}</strong>:{' '}
              {t(
                'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).',
              )}
            </li>
            <li>
              <strong>{t('IP addresses')}</strong>:{' '}
              {t(
                "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.",
              )}
            </li>
          </Stack>
        </Section>

        <Section id="privacy-public" title={t('What is public')}>
          <Text>
            {t(
              'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.',
            )}
          </Text>
        </Section>

        <Section id="privacy-cookies" title={t('Cookies')}>
          <Stack component="ul" gap={4} pl="lg" my={0}>
            <li>
              <Code>{SESSION_COOKIE}</Code> (<Code>__Host-{SESSION_COOKIE}</Code> {t('over https')}):{' '}
              {t(
                'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.',
              )}
            </li>
            <li>
              <Code>lang</Code>: {t('the language you chose, if you choose one.')}
            </li>
          </Stack>
          <Text>
            {t(
              "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.",
            )}
          </Text>
        </Section>

        <Section id="privacy-retention" title={t('How long things are kept')}>
          <Stack component="ul" gap={4} pl="lg" my={0}>
            <li>
              {maxAgeDays === undefined
                ? plural(
                    'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.',
                    { days: SESSION_TTL_DAYS },
                  )
                : plural(
                    'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.',
                    { days: SESSION_TTL_DAYS, maxAge: maxAgeDays },
                  )}{' '}
              {t('Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.')}
            </li>
            <li>
              {t(
                'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.',
              )}
            </li>
            <li>
              {t("The server's log is kept as long as the operator's log system keeps it.")}
            </li>
            <li>
              {plural(
                'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.',
                { days: HANDLE_RESERVED_DAYS },
              )}
            </li>
          </Stack>
        </Section>

        <Section id="privacy-your-data" title={t('Download or delete your data')}>
          <Text>
            {t(
              'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.',
            )}
          </Text>
          <Text>
            {t('The catalogue itself is open data: see')}{' '}
            <Anchor component={Link} to={pages.about.href()}>
              {t('About')}
            </Anchor>
            .
          </Text>
        </Section>

        <Section id="privacy-contact" title={t('Contact')}>
          <Text>
            {t('For anything about your data, write to the operator of this site:')}{' '}
            {info.isPending ? (
              '…'
            ) : info.data?.operator_contact ? (
              <Contact contact={info.data.operator_contact} />
            ) : (
              t(NO_OPERATOR_CONTACT)
            )}
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
