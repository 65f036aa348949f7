/* j2 sets up the shared j_core tasklet */
