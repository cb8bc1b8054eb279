BEGIN { x = ) }
END { y = ] }
