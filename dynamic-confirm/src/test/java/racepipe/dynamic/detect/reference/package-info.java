/**
 * The four detectors as they were at 0b84c77, before issue 12 (per-location histories of every
 * distinct access, scanned on every access), kept unchanged as the oracle of
 * {@code EquivalencePropertyTest}: the new detectors must report exactly these pair sets.
 * Only the package name differs from the original files.
 */
package racepipe.dynamic.detect.reference;
