#pragma D option nspec=24 * 44
BEGIN { }