import { featuresOf } from '@/lib/features/registry';
import type { AnyFeatureSpec } from './define-feature';

/** Every file in features/ is a feature, named by its file: adding one is adding the file. */
export const FEATURES = featuresOf(import.meta.glob<AnyFeatureSpec>('./features/*.ts', { eager: true, import: 'default' }));
