import { prayer } from '@ummahnotify/domain/catalogues/prayer';
import { signup } from '@ummahnotify/domain/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { LandingPage } from './LandingPage';

addPageTexts({ signup, prayer });
void startPublicApp(LandingPage);
