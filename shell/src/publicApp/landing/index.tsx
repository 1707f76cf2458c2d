import { prayer } from '@ummahnotify/shared/catalogues/prayer';
import { signup } from '@ummahnotify/shared/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { LandingPage } from './LandingPage';

addPageTexts({ signup, prayer });
void startPublicApp(LandingPage);
