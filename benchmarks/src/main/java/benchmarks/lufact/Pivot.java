package benchmarks.lufact;

/** The current column's pivot candidate: the largest magnitude found so far and its row. */
final class Pivot {
    double magnitude = -1; // @site pivotInit
    int row;
}
