#include "h_common.hpp"
// distance (in ulps of result) above nearest G/R round-up boundary
static double dist(i128 S,int /*unused*/){ long double Sv=ldexpl((long double)S,-KS); long double u=ldexpl(Sv,24); long double fr=u-floorl(u); int lsb=((long long)floorl(u))&1;
  long double b= lsb?0.5:0.75; return (double)(fr-b);}
int main(){ auto rows=load(); V d;
 for(size_t t=0;t<rows.size();++t){auto&r=rows[t]; uint32_t q=rsqv(r.s,d); uint32_t o=rcpv(q,d); bool ok=o==r.g;
  int e=(int)((r.s>>23)&255)-127; int odd=e&1; uint32_t f=r.s&0x7fffff; i128 S=evalS(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,7,f,d);
  double ds=dist(S,0);
  uint32_t qf=q&0x7fffff; i128 R=evalS(kRcpRom,qf>>16,kRcpGrid,7,qf,d); double dr=dist(R,0);
  printf("RSQ %d %+.4f %zu\nRCP %d %+.4f %zu\n",ok,ds,t,ok,dr,t);}
}
