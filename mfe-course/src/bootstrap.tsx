// The remote opened on its own (rsbuild dev): a harness listing its views. Hosts never load this.
import { mountRemoteHarness } from '@exam/shell/harness';
import { views } from './views';

mountRemoteHarness('mfe_course', views);
