BEGIN
/nosuch/
{ }