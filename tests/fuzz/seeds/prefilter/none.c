no mention here
