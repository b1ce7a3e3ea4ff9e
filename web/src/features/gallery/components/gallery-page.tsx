import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface GalleryPageProps {
  buildingId: string;
}

/** Spec section 2, /gallery/{buildingId}. The image grid, sorting and upload come in a later issue. */
export function GalleryPage({ buildingId }: GalleryPageProps) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Gallery</Title>
        <Anchor component={Link} to={`/buildings/${encodeURIComponent(buildingId)}`}>
          See Building Page
        </Anchor>
        <Text c="dimmed">The images of this building will be shown here.</Text>
      </Stack>
    </Container>
  );
}
