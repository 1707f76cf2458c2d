import { registerCatalogues } from '@ummahnotify/shared/client';
import { catalogues } from '@ummahnotify/shared/domain';

// This remote's texts come from its own build, so a redeploy brings its new strings.
registerCatalogues({ members: catalogues.members, committee: catalogues.committee });
