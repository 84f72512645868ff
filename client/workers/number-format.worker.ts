// Makes one number format, then closes: in Chromium what a renderer's first Intl.NumberFormat loads
// is kept for all its threads, so the page's own first one is then cheap (client/lib/number-format.ts).
new Intl.NumberFormat().format(0);
close();
