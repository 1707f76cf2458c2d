import { startPublicApp } from '../start';
import { ForbiddenPage } from './ForbiddenPage';

void startPublicApp(ForbiddenPage);
